export function DashboardRoute() {
  return <main className="p-6">Dashboard</main>;
}
