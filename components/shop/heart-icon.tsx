// The favourites heart, drawn on the server once per card and handed to the heart's control:
// outlined, filled while the control is pressed (aria-pressed), so the browser's script carries
// none of it. Decorative: the control says it in words.
export function HeartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-5 w-5 fill-none group-aria-pressed:fill-current"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path strokeLinejoin="round" d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
    </svg>
  );
}

/** Where the heart sits on a card's image, and how its control (link or button) looks: set here, on the server. */
export const HEART_PLACE =
  "absolute top-2 right-2 *:flex *:h-11 *:w-11 *:items-center *:justify-center *:rounded-full *:bg-white/95 *:text-rose-700 *:shadow-sm *:disabled:text-stone-400";
