export function AuthRoute() {
  return <main className="p-6">Auth</main>;
}
