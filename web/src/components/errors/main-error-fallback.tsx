/** What a broken screen shows: a plain message and a reload button (the router's error element). */
export function MainErrorFallback() {
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="text-sm text-slate-600">Please reload the page. If it keeps happening, try again later.</p>
      <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Reload
      </button>
    </div>
  );
}
