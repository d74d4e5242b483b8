import type { Metadata } from "next";
import type { ReactNode } from "react";
import Form from "next/form";
import Link from "next/link";
import { requirePageAdmin, type SessionUser } from "@/lib/auth/session";
import type { ApiUser } from "@/lib/users/types";
import { usersPage } from "@/lib/users/queries";
import { OWN_ROLE } from "@/lib/users/writes";
import { openOrderCounts } from "@/lib/orders/open-orders";
import { normalizeSearch } from "@/lib/text";
import { RoleButton } from "@/components/admin/role-button";
import { CancelOpenOrdersButton } from "@/components/admin/cancel-open-orders-button";
import { Cell, RowHeader, Table } from "@/components/ui/table";
import { Button, buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { formatIndiaDate } from "@/lib/time";
import { firstParam, withQuery } from "@/lib/page-query";

export const metadata: Metadata = { title: "Users · Admin" };

// The admins, then a page of customers, newest first, the older ones a page at a time from the
// last one shown (keyset: lib/users/queries.ts): the page costs the same at twenty accounts or
// twenty thousand.
const PAGE_SIZE = 100;

function usersHref(search?: string, after?: string): string {
  return withQuery("/admin/users", { q: search, after });
}

function UsersTable({ id, caption, children }: { id: string; caption: string; children: ReactNode }) {
  return (
    <Table
      id={id}
      caption={caption}
      columns={["Name", "Email", "Role", "Confirmed", "Joined", "Orders", "Open orders", "Change role"]}
      minWidth="min-w-[60rem]"
    >
      {children}
    </Table>
  );
}

function UserRow({ user, admin, open }: { user: ApiUser; admin: SessionUser; open: number }) {
  const isSelf = user.id === admin.id;
  return (
    <tr data-user-id={user.id}>
      <RowHeader>
        {user.name}
        {isSelf && <span className="ml-1 font-normal text-stone-600">(you)</span>}
      </RowHeader>
      <Cell className="break-all">{user.email}</Cell>
      <Cell>{ROLE_LABELS[user.role]}</Cell>
      <Cell>{user.confirmed ? "Yes" : "No"}</Cell>
      <Cell className="whitespace-nowrap">
        <time dateTime={user.createdAt}>{formatIndiaDate(user.createdAt)}</time>
      </Cell>
      <Cell>{user.orderCount}</Cell>
      <Cell>
        <div className="flex items-center gap-2">
          <span data-testid="open-orders">{open}</span>
          {/* Customers only: an admin's open orders are the phone orders they entered for others. */}
          {user.role === "user" && <CancelOpenOrdersButton userId={user.id} name={user.name} count={open} focusAfterId="users-heading" />}
        </div>
      </Cell>
      <Cell>
        <div className="flex flex-wrap gap-2">
          {/* Nobody changes their own role: one (disabled) button says so. */}
          {(isSelf ? (["admin"] as const) : (["admin", "rider"] as const)).map((role) => (
            <RoleButton
              key={`${user.id}-${user.role}-${role}`}
              user={{ id: user.id, name: user.name, email: user.email, role: user.role }}
              isSelf={isSelf}
              hintId="own-role-hint"
              role={role}
            />
          ))}
        </div>
      </Cell>
    </tr>
  );
}

const ROLE_LABELS = { user: "Customer", admin: "Admin", rider: "Rider" } as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default async function AdminUsersPage({ searchParams }: PageProps<"/admin/users">) {
  const params = await searchParams;
  const search = normalizeSearch(firstParam(params.q));
  const rawAfter = firstParam(params.after)?.trim() || undefined;
  const admin = await requirePageAdmin(usersHref(search, rawAfter));
  const page = await usersPage(admin, { search, after: rawAfter, limit: PAGE_SIZE });
  const openOrders = await openOrderCounts(
    admin,
    [...page.staff, ...page.customers].map((u) => u.id),
  );
  const what = search ? `Customers matching “${search}”` : "Customers";
  const caption = `${what}, newest first${page.after ? " (older ones)" : ""}`;

  return (
    <div className="space-y-4">
      <div>
        <h1 id="users-heading" tabIndex={-1} className="text-2xl font-bold sm:text-3xl">
          Users
        </h1>
        <p className="mt-1 text-sm text-stone-700">
          {plural(page.accounts, "account", "accounts")}, {plural(page.admins, "admin", "admins")}. The shop always keeps at least one
          admin. Someone made an admin opens the admin area after signing in again.
        </p>
        <p id="own-role-hint" className="mt-1 text-sm text-stone-700">
          {OWN_ROLE} Another admin can change it.
        </p>
      </div>

      <Form action="/admin/users" role="search" className="flex flex-wrap items-end gap-2">
        <Field
          id="users-search"
          label="Find an account by name or e-mail"
          name="q"
          type="search"
          defaultValue={search}
          maxLength={100}
          autoComplete="off"
          className="min-w-0 flex-1 sm:max-w-sm"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {search && (
          <Link href="/admin/users" className={buttonClass("secondary")}>
            Show every account
          </Link>
        )}
      </Form>
      {search && (
        <p role="status" className="text-sm text-stone-700">
          {plural(page.found, "account matches", "accounts match")} “{search}”.
        </p>
      )}

      {page.staff.length > 0 && (
        <UsersTable id="staff" caption={search ? `Admins matching “${search}”` : "Admins"}>
          {page.staff.map((user) => (
            <UserRow key={user.id} user={user} admin={admin} open={openOrders.get(user.id) ?? 0} />
          ))}
        </UsersTable>
      )}
      {page.customers.length === 0 ? (
        <EmptyState message={search ? `No customer matches “${search}”.` : page.after ? "No older customers." : "No customers yet."} />
      ) : (
        <UsersTable id="users" caption={caption}>
          {page.customers.map((user) => (
            <UserRow key={user.id} user={user} admin={admin} open={openOrders.get(user.id) ?? 0} />
          ))}
        </UsersTable>
      )}

      <div className="flex flex-wrap items-center justify-center gap-3">
        {page.after && (
          <Link href={usersHref(search)} className={buttonClass("secondary")}>
            Back to newest
          </Link>
        )}
        {page.more && (
          <Link href={usersHref(search, page.customers[page.customers.length - 1].id)} className={buttonClass("secondary")}>
            Show older customers
          </Link>
        )}
      </div>
    </div>
  );
}
