/** A page (or what it needs) on its way; plain, so it shows before antd has loaded (decision 020). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite" aria-busy>
      <span className="page-loading-spinner" />
    </div>
  );
}
