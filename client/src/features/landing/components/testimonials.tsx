import { StarIcon } from '@/components/ui/icons';

const testimonials = [
  {
    name: 'Sarah M.',
    text: "My daughter's face lit up when Santa mentioned her new baby brother. She still talks about it!",
  },
  {
    name: 'James T.',
    text: 'Santa knew all about the football trophy. My son was speechless, and then he would not stop talking.',
  },
  {
    name: 'Priya K.',
    text: 'Setting it up took five minutes, and the recording is now our favourite Christmas keepsake.',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-frost py-section">
      <div className="mx-auto max-w-6xl px-gutter sm:px-6">
        <h2
          id="testimonials-title"
          className="text-center font-display text-title font-semibold text-night-900"
        >
          What Parents Say
        </h2>
        <ul className="mt-stack grid gap-6 md:grid-cols-3">
          {testimonials.map(({ name, text }) => (
            <li key={name}>
              <figure className="flex h-full flex-col gap-4 rounded-card bg-white p-6 shadow-sm ring-1 ring-night-900/10">
                <div className="flex gap-1 text-amber-500" role="img" aria-label="5 out of 5 stars">
                  {[1, 2, 3, 4, 5].map((star) => (
                    <StarIcon key={star} className="h-5 w-5 fill-current" />
                  ))}
                </div>
                <blockquote className="flex-1 font-display text-lg text-ink italic">
                  <p>“{text}”</p>
                </blockquote>
                <figcaption className="font-semibold text-santa-700">{name}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
