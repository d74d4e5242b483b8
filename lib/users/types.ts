import type { Role } from "@/lib/auth/types";

// The users area's shapes, shared by the admin page, the API and the browser.

/** The API's user (contract §4): never the password hash, tokens or session version. */
export type ApiUser = {
  id: string;
  _id: string;
  name: string;
  email: string;
  role: Role;
  confirmed: boolean;
  createdAt: string;
  orderCount: number;
};
