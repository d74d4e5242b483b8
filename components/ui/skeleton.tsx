// Placeholders while a page's server data is on its way (the loading.tsx files). Each loading
// page keeps the real page's heading and box heights, so nothing moves when the data arrives;
// screen readers hear "Loading…" once instead of empty boxes.
export function Loading({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <div aria-busy="true" className={className}>
      <p role="status" className="sr-only">
        Loading…
      </p>
      {children}
    </div>
  );
}

/** A grey bar the height of the text or box it stands for. */
export function Bone({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-stone-200 motion-reduce:animate-none ${className}`} />;
}
