export default function AdminCouponsRoute() {
  return <main className="p-6">AdminCoupons</main>;
}
