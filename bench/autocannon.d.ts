// autocannon ships no types; bench/load.ts types the parts of its result it reads.
declare module "autocannon" {
  const autocannon: (options: Record<string, unknown>, callback: (error: Error | null, result: any) => void) => { stop(): void };
  export default autocannon;
}
