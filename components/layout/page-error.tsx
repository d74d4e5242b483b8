"use client";

// What a page shows when it could not be rendered, most often because the database is away for
// a moment (a restart, a failover): a calm "back in a moment" with a retry instead of Next's
// bare error text (product.md §5). (shop)/error.tsx shows it inside the shop's header and
// footer, admin/error.tsx inside the admin's layout, global-error.tsx when a layout itself failed.
// `retry` renders the page again on the server; `reset` would only redraw what already failed.
// Plain markup, as global-error.tsx: every page loads the error boundaries' script, and shared
// components (links, buttons) would come twice, once here and once with the page.
export function PageError({ retry }: { error: unknown; retry: () => void }) {
  const button = "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold";
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">We&apos;ll be back in a moment</h1>
      <p className="mt-2 text-stone-700">
        The kitchen&apos;s system is catching its breath. Your cart is safe on this device; please try again in a few seconds.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load: the router may be what failed */}
        <a href="/" className={`${button} border border-stone-300 bg-white text-stone-900 hover:bg-stone-100`}>
          Back to the home page
        </a>
        <button type="button" onClick={retry} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
          Try again
        </button>
      </div>
    </div>
  );
}
