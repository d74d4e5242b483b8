"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useId } from "react";
import { useForm } from "react-hook-form";

/**
 * The search box prefilled from the URL. Reading the URL's query makes this part client-rendered
 * on cached pages, so the header puts it in Suspense with an empty box of the same size.
 */
export function SearchBoxFromUrl() {
  const search = useSearchParams().get("search") ?? "";
  return <SearchBox key={search} initial={search} />;
}

/**
 * Goes to /menu?search=text; blank text is ignored. A plain GET form for /menu until the script
 * runs, then react-hook-form submits it with a client-side navigation.
 */
export function SearchBox({ initial = "" }: { initial?: string }) {
  const router = useRouter();
  const { register, handleSubmit } = useForm({ defaultValues: { search: initial } });
  const id = useId();

  const onSubmit = handleSubmit(({ search }) => {
    const q = search.trim();
    if (!q) return;
    router.push(`/menu?search=${encodeURIComponent(q)}`);
  });

  return (
    <form role="search" action="/menu" onSubmit={onSubmit} className="flex w-full min-w-0 items-center gap-1 sm:w-auto">
      <label htmlFor={id} className="sr-only">
        Search salads
      </label>
      <input
        id={id}
        type="search"
        defaultValue={initial}
        {...register("search")}
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
