// Complaints (product.md §11; Consumer Protection (E-Commerce) Rules 2020, r.4(5)): the shapes the
// API, the pages and the mails share. Client-safe, plain data.

export const COMPLAINT_CATEGORIES = ["missing_item", "wrong_item", "quality", "late", "payment", "other"] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/** How a category reads on the form, the admin list and the mails. */
export const CATEGORY_LABELS: Record<ComplaintCategory, string> = {
  missing_item: "Something was missing",
  wrong_item: "I got the wrong item",
  quality: "Quality of the food",
  late: "The order came late",
  payment: "Payment or refund",
  other: "Something else",
};

export type ComplaintStatus = "open" | "resolved";

/** The rules give the seller a month to resolve a complaint (r.4(5)(b)): we promise 30 days. */
export const RESOLVE_WITHIN_DAYS = 30;

/** "FB-C-12": the ticket's number as the customer and the kitchen quote it. */
export const ticketNumber = (n: number) => `FB-C-${n}`;

/** POST /api/complaints's reply: the ticket as acknowledged. */
export type ComplaintReceipt = {
  id: string;
  number: string;
  status: "open";
  acknowledgedAt: string;
  resolveBy: string;
};

/** A ticket in GET /api/complaints and PATCH's reply. */
export type ApiComplaint = {
  id: string;
  _id: string;
  number: string;
  status: ComplaintStatus;
  category: ComplaintCategory;
  description: string;
  orderId: string | null;
  acknowledgedAt: string;
  resolveBy: string;
  /** Still open past its due time. */
  overdue: boolean;
  resolution: string | null;
  resolvedAt: string | null;
  user: { id: string; name: string; email: string };
};
