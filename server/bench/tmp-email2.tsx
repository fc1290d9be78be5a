import { renderToStaticMarkup } from 'react-dom/server';
import { CallRecapEmail } from '../src/modules/email/templates/family-emails.tsx';
const content = (i: number) => ({
  name: 'Holly',
  kidName: 'Olivia' + i,
  minutes: 4,
  summary: `Olivia told Santa about a red bike and her dog Max ${i}.`,
  recap: {
    wishes: ['a red bike', 'a puppy'],
    news: ['lost a tooth'],
    questions: ['do reindeer sleep?'],
    promises: ['be kind to her brother'],
  },
  callsUrl: 'https://santa.example/calls',
  preferencesUrl: 'https://santa.example/account',
});
for (let i = 0; i < 6000; i++)
  renderToStaticMarkup(<CallRecapEmail {...content(i)} publicUrl="https://santa.example" />);
