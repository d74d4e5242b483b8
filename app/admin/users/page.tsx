import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/session";
import { listUsers } from "@/lib/users/queries";
import { OWN_ROLE } from "@/lib/users/writes";
import { openOrderCounts } from "@/lib/orders/open-orders";
import { RoleButton } from "@/components/admin/role-button";
import { CancelOpenOrdersButton } from "@/components/admin/cancel-open-orders-button";
import { Cell, RowHeader, Table } from "@/components/ui/table";
import { formatIndiaDate } from "@/lib/time";

export const metadata: Metadata = { title: "Users · Admin" };

export default async function AdminUsersPage() {
  const admin = await requirePageAdmin("/admin/users");
  const [users, openOrders] = await Promise.all([listUsers(admin), openOrderCounts(admin)]);
  const admins = users.filter((u) => u.role === "admin").length;

  return (
    <div className="space-y-4">
      <div>
        <h1 id="users-heading" tabIndex={-1} className="text-2xl font-bold sm:text-3xl">
          Users
        </h1>
        <p className="mt-1 text-sm text-stone-700">
          {users.length} {users.length === 1 ? "account" : "accounts"}, {admins} {admins === 1 ? "admin" : "admins"}. The shop always keeps
          at least one admin. Someone made an admin opens the admin area after signing in again.
        </p>
        <p id="own-role-hint" className="mt-1 text-sm text-stone-700">
          {OWN_ROLE} Another admin can change it.
        </p>
      </div>

      <Table
        id="users"
        caption="Every account, newest first"
        columns={["Name", "Email", "Role", "Confirmed", "Joined", "Orders", "Open orders", "Change role"]}
        minWidth="min-w-[60rem]"
      >
        {users.map((user) => {
          const isSelf = user.id === admin.id;
          const open = openOrders.get(user.id) ?? 0;
          return (
            <tr key={user.id} data-user-id={user.id}>
              <RowHeader>
                {user.name}
                {isSelf && <span className="ml-1 font-normal text-stone-600">(you)</span>}
              </RowHeader>
              <Cell className="break-all">{user.email}</Cell>
              <Cell>{user.role === "admin" ? "Admin" : "Customer"}</Cell>
              <Cell>{user.confirmed ? "Yes" : "No"}</Cell>
              <Cell className="whitespace-nowrap">
                <time dateTime={user.createdAt}>{formatIndiaDate(user.createdAt)}</time>
              </Cell>
              <Cell>{user.orderCount}</Cell>
              <Cell>
                <div className="flex items-center gap-2">
                  <span data-testid="open-orders">{open}</span>
                  {/* Customers only: an admin's open orders are the phone orders they entered for others. */}
                  {user.role === "user" && (
                    <CancelOpenOrdersButton userId={user.id} name={user.name} count={open} focusAfterId="users-heading" />
                  )}
                </div>
              </Cell>
              <Cell>
                <RoleButton key={`${user.id}-${user.role}`} user={user} isSelf={isSelf} hintId="own-role-hint" />
              </Cell>
            </tr>
          );
        })}
      </Table>
    </div>
  );
}
