/** A delivered content URL, opening in a new tab (it is someone else's site). */
export function ContentLink({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 hover:underline">
      {url}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
