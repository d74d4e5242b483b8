import { z } from "zod";
import { dropBidiControls, hasControlCharacter } from "@/lib/text";

// What a customer sends to rate a delivered order (product.md §13), client-safe: the rating form
// and POST /api/orders/{id}/rating read the same rules.

/** The longest comment a rating may carry, in characters (an emoji is one). */
export const MAX_RATING_COMMENT = 500;

const characters = (text: string) => Array.from(text).length;

export const ratingInputSchema = z.object({
  stars: z
    .number({ error: "must be a whole number of stars from 1 to 5" })
    .int("must be a whole number of stars from 1 to 5")
    .min(1, "must be a whole number of stars from 1 to 5")
    .max(5, "must be a whole number of stars from 1 to 5"),
  comment: z
    .string({ error: `must be text of at most ${MAX_RATING_COMMENT} characters` })
    .overwrite(dropBidiControls)
    .trim()
    .refine((v) => characters(v) <= MAX_RATING_COMMENT, `must be at most ${MAX_RATING_COMMENT} characters`)
    .refine((v) => !hasControlCharacter(v, { multiline: true }), "contains characters that are not allowed")
    .nullable()
    .optional()
    // Blank is no comment.
    .transform((v) => v || null),
});

export type RatingInput = z.infer<typeof ratingInputSchema>;
