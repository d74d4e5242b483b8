import type { Metadata } from "next";
import { AdminNav } from "@/components/admin/admin-nav";

// The admin shell. proxy.ts guards /admin/* before rendering and every page checks again
// with requirePageAdmin, so this layout only draws the frame.

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4">
      <AdminNav />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
