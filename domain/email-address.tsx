/**
 * An email address as text that may wrap after its "@" (<wbr>), so a long one breaks as
 * "...work@ / example.co.za" on a phone rather than one letter from its end. The one component
 * for the web app's screens and the emails alike. The last "@" ends the local part (a quoted local
 * part may hold one); text without "@" is shown as it is.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
