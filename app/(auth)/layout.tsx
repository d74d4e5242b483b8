import { ShopFrame } from "@/components/layout/shop-frame";

export default function ShopLayout({ children }: { children: React.ReactNode }) {
  return <ShopFrame>{children}</ShopFrame>;
}
