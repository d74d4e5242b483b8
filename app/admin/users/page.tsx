import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/session";
import { listUsers } from "@/lib/users/queries";
import { OWN_ROLE } from "@/lib/users/writes";
import { RoleButton } from "@/components/admin/role-button";

export const metadata: Metadata = { title: "Users · Admin" };

const th = "px-3 py-2 text-left text-xs font-bold uppercase tracking-wide text-stone-600";
const td = "px-3 py-3 align-top text-sm";

const kolkataDate = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", year: "numeric" });

export default async function AdminUsersPage() {
  const admin = await requirePageAdmin("/admin/users");
  const users = await listUsers(admin);
  const admins = users.filter((u) => u.role === "admin").length;

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Users</h1>
        <p className="mt-1 text-sm text-stone-700">
          {users.length} {users.length === 1 ? "account" : "accounts"}, {admins} {admins === 1 ? "admin" : "admins"}. The shop always keeps
          at least one admin. Someone made an admin opens the admin area after signing in again.
        </p>
        <p id="own-role-hint" className="mt-1 text-sm text-stone-700">
          {OWN_ROLE} Another admin can change it.
        </p>
      </div>

      <div
        role="region"
        aria-labelledby="users-caption"
        tabIndex={0}
        className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm"
      >
        <table className="w-full min-w-[52rem] border-collapse">
          <caption id="users-caption" className="px-3 py-2 text-left text-sm text-stone-700">
            Every account, newest first
          </caption>
          <thead className="border-b border-stone-200 bg-stone-50">
            <tr>
              <th scope="col" className={th}>
                Name
              </th>
              <th scope="col" className={th}>
                Email
              </th>
              <th scope="col" className={th}>
                Role
              </th>
              <th scope="col" className={th}>
                Confirmed
              </th>
              <th scope="col" className={th}>
                Joined
              </th>
              <th scope="col" className={th}>
                Orders
              </th>
              <th scope="col" className={th}>
                Change role
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {users.map((user) => {
              const isSelf = user.id === admin.id;
              return (
                <tr key={user.id} data-user-id={user.id}>
                  <th scope="row" className={`${td} text-left font-semibold`}>
                    {user.name}
                    {isSelf && <span className="ml-1 font-normal text-stone-600">(you)</span>}
                  </th>
                  <td className={`${td} break-all`}>{user.email}</td>
                  <td className={td}>{user.role === "admin" ? "Admin" : "Customer"}</td>
                  <td className={td}>{user.confirmed ? "Yes" : "No"}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={user.createdAt}>{kolkataDate.format(new Date(user.createdAt))}</time>
                  </td>
                  <td className={td}>{user.orderCount}</td>
                  <td className={td}>
                    <RoleButton key={`${user.id}-${user.role}`} user={user} isSelf={isSelf} hintId="own-role-hint" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
