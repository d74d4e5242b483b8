export default function HomePage() {
  return <h1 className="text-3xl font-bold">Fresh Bowl</h1>;
}
