import { act, fireEvent, screen } from "@testing-library/react";
import { useAppLocation, useNavigationType } from "../app/app-location";

// For the router's tests: where the app is, and an in-app click on a link.

/** Where the router is, and whether the last move pushed or replaced a history entry. */
export function Where() {
  const location = useAppLocation();
  return (
    <output data-testid="where">
      {location.pathname}
      {location.search} {useNavigationType()}
    </output>
  );
}

/** A plain left click on the link named `name`, with React's updates flushed. */
export async function clickLink(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("link", { name }), { button: 0 });
  });
}
