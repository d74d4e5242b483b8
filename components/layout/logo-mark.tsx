// The shop's mark (public/images/logo.svg without its title), drawn into the header's HTML. As an
// <img> it was one more request on every page and, in Chrome, an SVG document of its own to
// parse, style and lay out on the main thread before the first paint (bench/README.md).
// Decorative: the link it sits in is named by the shop's name beside it.
export function LogoMark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="31" fill="#dcfce7" />
      <path d="M33 30C31 19 37 10 48 7c1 11-4 20-15 23Z" fill="#22c55e" />
      <path d="M33.5 29C36 21 40 15 45 10" stroke="#dcfce7" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      <path d="M30 30C21 30 15 24 14 15c9 0 15 6 16 15Z" fill="#16a34a" />
      <path d="M29 29C26 24 22 20 18 18" stroke="#dcfce7" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      <circle cx="40" cy="28" r="4" fill="#ef4444" />
      <path d="M10 33h44c0 11-9.8 20-22 20S10 44 10 33Z" fill="#15803d" />
      <rect x="8" y="30" width="48" height="5" rx="2.5" fill="#166534" />
      <path d="M25 54.5h14" stroke="#166534" strokeWidth="3" strokeLinecap="round" />
      <path d="M17 40c2 4.5 5.5 7.5 10 8.5" stroke="#fff" strokeOpacity=".35" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}
