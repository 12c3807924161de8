import { SessionRoot } from "../session/SessionRoot.tsx";
import { HomeScreen } from "./Home.tsx";

/** "/" for a customer with a stored token: the Home screen inside the customer session. */
export default function IndexHome() {
  return (
    <SessionRoot>
      <HomeScreen />
    </SessionRoot>
  );
}
