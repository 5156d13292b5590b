/** A screen of the route table whose content lands in a later milestone: it exists, says so, and is reachable. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">This screen is coming soon.</p>
    </div>
  );
}
