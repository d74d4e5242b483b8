"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useId, useRef, type FormEvent } from "react";
import { useIsClient } from "@/lib/use-is-client";

/** The search box, prefilled from the URL's `search` once in the browser (the pages are prerendered for every query). */
export function SearchBoxFromUrl() {
  return useIsClient() ? <SearchBoxOfUrl /> : <SearchBox />;
}

function SearchBoxOfUrl() {
  const search = useSearchParams().get("search") ?? "";
  return <SearchBox key={search} initial={search} />;
}

type Submit = (event: FormEvent<HTMLFormElement>) => Promise<void>;

/**
 * Goes to /menu?search=text; blank text is ignored. A plain GET form for /menu until the script
 * runs. Its react-hook-form (search-form.ts) loads when someone first focuses or points at the
 * box, not with the page: the header is on every page, and most visits never search.
 */
function SearchBox({ initial = "" }: { initial?: string }) {
  const router = useRouter();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<Promise<Submit | null> | null>(null);

  function enhance(): Promise<Submit | null> {
    form.current ??= import("@/components/layout/search-form").then(
      ({ searchForm }) =>
        input.current ? searchForm(input.current, (text) => router.push(`/menu?search=${encodeURIComponent(text)}`)) : null,
      () => {
        form.current = null; // try again next time
        return null;
      },
    );
    return form.current;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const submit = await enhance();
    // Without the form's script (it could not be loaded) the browser submits it as plain HTML.
    if (submit) await submit(event);
    else element.submit();
  }

  return (
    <form
      role="search"
      action="/menu"
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void enhance()}
      onPointerEnter={() => void enhance()}
      className="flex w-full min-w-0 items-center gap-1 sm:w-auto"
    >
      <label htmlFor={id} className="sr-only">
        Search salads
      </label>
      <input
        ref={input}
        id={id}
        name="search"
        type="search"
        defaultValue={initial}
        placeholder="Search salads…"
        maxLength={100}
        className="w-full min-w-0 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm sm:w-48"
      />
      <button type="submit" className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
        Search
      </button>
    </form>
  );
}
