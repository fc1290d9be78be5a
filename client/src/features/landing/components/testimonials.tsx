import { StarIcon } from '@/components/icons';

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
    <section aria-labelledby="testimonials-title" className="bg-snow py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="testimonials-title"
          className="text-center font-display text-3xl font-bold text-santa-700 sm:text-4xl"
        >
          What Parents Say
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map(({ name, text }) => (
            <li key={name}>
              <figure className="flex h-full flex-col gap-4 rounded-2xl border border-santa-100 bg-white p-6 shadow-sm">
                <div className="flex gap-1 text-gold-400" role="img" aria-label="5 out of 5 stars">
                  {[1, 2, 3, 4, 5].map((star) => (
                    <StarIcon key={star} className="h-5 w-5 fill-current" />
                  ))}
                </div>
                <blockquote className="flex-1 text-gray-800">
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
