/** Placeholder until the admin console lands: the lazy chunk mounted at /admin/*. */
export default function AdminApp() {
  return null;
}
