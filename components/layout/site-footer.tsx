import Link from "next/link";

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3">
        <div>
          <p className="text-base font-bold text-brand-800">Fresh Bowl</p>
          <p className="mt-2 text-stone-600">Crisp, generous salads from our cloud kitchen, ready in about 30 minutes.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold">Quick links</h2>
          <ul className="mt-2 space-y-1 text-stone-700">
            <li><Link href="/" className="hover:underline">Home</Link></li>
            <li><Link href="/menu" className="hover:underline">Menu</Link></li>
            <li><Link href="/cart" className="hover:underline">Cart</Link></li>
            <li><Link href="/orders" className="hover:underline">My orders</Link></li>
          </ul>
        </nav>
        <address className="not-italic">
          <h2 className="font-semibold">Contact us</h2>
          <ul className="mt-2 space-y-1 text-stone-700">
            <li>12 Residency Road, Bengaluru 560025</li>
            <li><a href="tel:+918041234567" className="hover:underline">+91 80 4123 4567</a></li>
            <li><a href="mailto:hello@freshbowl.in" className="hover:underline">hello@freshbowl.in</a></li>
            <li>Open daily, 10 am – 11 pm</li>
          </ul>
        </address>
      </div>
      <p className="border-t border-stone-100 py-4 text-center text-xs text-stone-500">© {new Date().getFullYear()} Fresh Bowl</p>
    </footer>
  );
}
