"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";

type Props = { label: string; on: boolean; query: [string, string][]; className: string };

/**
 * One /menu filter toggle: a GET form for /menu whose hidden fields are the query with that one
 * filter switched, so it works without JavaScript; with it, react-hook-form submits the same
 * fields through a client-side navigation.
 */
export function FilterToggle({ label, on, query, className }: Props) {
  const router = useRouter();
  const { register, handleSubmit } = useForm<Record<string, string>>({ defaultValues: Object.fromEntries(query) });

  const onSubmit = handleSubmit((values) => {
    // Commas stay as they are, in the form product.md §8 gives (`free=milk,gluten`).
    const params = new URLSearchParams(query.map(([name]): [string, string] => [name, values[name] ?? ""])).toString().replace(/%2C/g, ",");
    router.push(params ? `/menu?${params}` : "/menu");
  });

  return (
    <form action="/menu" method="get" onSubmit={onSubmit}>
      {query.map(([name, value]) => (
        <input key={name} type="hidden" defaultValue={value} {...register(name)} />
      ))}
      <button type="submit" aria-pressed={on} className={className}>
        {label}
      </button>
    </form>
  );
}
