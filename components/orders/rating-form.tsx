"use client";

import { useId, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { api, ApiError, messageOf, withoutFieldPrefix } from "@/lib/client/api-client";
import { MAX_RATING_COMMENT } from "@/lib/orders/rating-schema";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";
import { FormControls } from "@/components/ui/form-controls";
import { Panel } from "@/components/ui/panel";

const STARS = [1, 2, 3, 4, 5] as const;
const starsLabel = (n: number) => (n === 1 ? "1 star" : `${n} stars`);

/**
 * "How was your order?" on a delivered order (product.md §13): 1 to 5 stars as a radio group
 * (arrow keys move between them, each named "4 stars"), an optional comment, sent once.
 */
export function RatingForm({ orderId }: { orderId: string }) {
  const router = useRouter();
  const id = useId();
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<{ stars?: string; comment?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (stars === null) {
      setErrors({ stars: "Please choose from 1 to 5 stars." });
      return;
    }
    setSending(true);
    setErrors({});
    try {
      await api.rateOrder(orderId, { stars, ...(comment.trim() ? { comment } : {}) });
      // The page reads the order again and shows the rating in the form's place.
      router.refresh();
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      const text = withoutFieldPrefix(messageOf(error, "Could not send your rating. Please try again."));
      setErrors(field === "stars" || field === "comment" ? { [field]: text } : { form: text });
    } finally {
      setSending(false);
    }
  }

  return (
    <Panel aria-labelledby={`${id}-heading`}>
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
        <FormControls className="space-y-4">
          <fieldset aria-describedby={errors.stars ? `${id}-stars-error` : undefined}>
            <legend id={`${id}-heading`} className="text-lg font-bold">
              How was your order?
            </legend>
            <div className="mt-2 flex flex-wrap gap-1">
              {STARS.map((n) => (
                <label key={n} className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
                  <input
                    type="radio"
                    name={`${id}-stars`}
                    value={n}
                    checked={stars === n}
                    onChange={() => setStars(n)}
                    className="sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={`text-3xl leading-none ${stars !== null && n <= stars ? "text-amber-500" : "text-stone-300"}`}
                  >
                    ★
                  </span>
                  <span className="sr-only">{starsLabel(n)}</span>
                </label>
              ))}
            </div>
            <p className="mt-1 text-sm text-stone-700" aria-hidden="true">
              {stars === null ? "Choose from 1 to 5 stars." : `${starsLabel(stars)} of 5`}
            </p>
            <ErrorText id={`${id}-stars-error`}>{errors.stars}</ErrorText>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-comment`} className="text-sm font-medium text-stone-800">
              Comment <span className="font-normal text-stone-500">(optional)</span>
            </label>
            <textarea
              id={`${id}-comment`}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={MAX_RATING_COMMENT}
              rows={3}
              aria-invalid={errors.comment ? true : undefined}
              aria-describedby={`${id}-comment-hint${errors.comment ? ` ${id}-comment-error` : ""}`}
              className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30"
            />
            <p id={`${id}-comment-hint`} className="text-xs text-stone-600">
              Up to {MAX_RATING_COMMENT} characters.
            </p>
            <ErrorText id={`${id}-comment-error`}>{errors.comment}</ErrorText>
          </div>
          <ErrorText>{errors.form}</ErrorText>
          <Button type="submit" disabled={sending}>
            {sending ? "Sending…" : "Send rating"}
          </Button>
        </FormControls>
      </form>
    </Panel>
  );
}
