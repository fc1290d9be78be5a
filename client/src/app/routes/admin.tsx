export default function AdminRoute() {
  return <main className="p-6">Admin</main>;
}
