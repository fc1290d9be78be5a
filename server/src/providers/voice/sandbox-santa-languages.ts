import type { SantaLanguage } from '@santa/shared/languages';

/**
 * The sandbox Santa's own lines in the languages other than English (decision 0036), so a
 * sandbox call with a Spanish child is in Spanish from the greeting to the goodbye. Fewer turns
 * than the English Santa: a wish, a thank-you, a goodbye, and his wrap-up when time is short.
 */
interface SandboxWords {
  goodbyeWords: RegExp;
  wishWords: RegExp;
  wish: (wishList: string | null) => string;
  thanks: string;
  goodbye: (name: string | null) => string;
  wrapUp: string;
}

const comma = (name: string | null) => (name ? `, ${name}` : '');

export const SANDBOX_SANTA_WORDS: Record<Exclude<SantaLanguage, 'en'>, SandboxWords> = {
  es: {
    goodbyeWords: /\b(adiós|adios|chao|hasta luego|me tengo que ir)\b/i,
    wishWords: /\b(quiero|me gustaría|deseo|regalo|juguete|bicicleta|muñeca)\b/i,
    wish: (list) =>
      `¡Jo, jo, jo! ¡Qué deseo tan bonito!${list ? ` Tengo tu carta aquí: ${list}.` : ''} Papá Noel no puede prometerlo, pero los elfos verán qué pueden hacer. ¿Qué más te hace ilusión esta Navidad?`,
    thanks: '¡Jo, jo, jo! Gracias por contárselo a Papá Noel. ¿Qué más te hace ilusión esta Navidad?',
    goodbye: (name) =>
      `Papá Noel tiene que volver al taller${comma(name)}. ¡Sé bueno, duerme bien y feliz Navidad! ¡Adiós!`,
    wrapUp: '¡Uy, me llaman los renos!',
  },
  fr: {
    goodbyeWords: /\b(au revoir|salut|bye|je dois partir)\b/i,
    wishWords: /\b(je veux|je voudrais|j'aimerais|souhait|cadeau|jouet|vélo|poupée)\b/i,
    wish: (list) =>
      `Oh, oh, oh ! Quel joli souhait !${list ? ` J'ai ta lettre ici : ${list}.` : ''} Le Père Noël ne peut rien promettre, mais les lutins verront ce qu'ils peuvent faire. Qu'est-ce qui te ferait plaisir d'autre pour Noël ?`,
    thanks:
      "Oh, oh, oh ! Merci de l'avoir dit au Père Noël. Qu'est-ce qui te ferait plaisir d'autre pour Noël ?",
    goodbye: (name) =>
      `Le Père Noël doit retourner à l'atelier${comma(name)}. Sois sage, dors bien et joyeux Noël ! Au revoir !`,
    wrapUp: 'Oh là là, les rennes m’appellent !',
  },
  de: {
    goodbyeWords: /\b(tschüss|tschüs|auf wiedersehen|ciao|ich muss gehen)\b/i,
    wishWords: /\b(ich will|ich möchte|ich wünsche|wunsch|geschenk|spielzeug|fahrrad|puppe)\b/i,
    wish: (list) =>
      `Ho, ho, ho! Was für ein schöner Wunsch!${list ? ` Ich habe deinen Wunschzettel hier: ${list}.` : ''} Der Weihnachtsmann kann nichts versprechen, aber die Wichtel schauen, was sie tun können. Worauf freust du dich noch an Weihnachten?`,
    thanks:
      'Ho, ho, ho! Danke, dass du das dem Weihnachtsmann erzählst. Worauf freust du dich noch an Weihnachten?',
    goodbye: (name) =>
      `Der Weihnachtsmann muss zurück in die Werkstatt${comma(name)}. Sei lieb, schlaf gut und frohe Weihnachten! Tschüss!`,
    wrapUp: 'Oje, die Rentiere rufen mich!',
  },
  it: {
    goodbyeWords: /\b(ciao|arrivederci|devo andare)\b/i,
    wishWords: /\b(voglio|vorrei|desidero|desiderio|regalo|giocattolo|bicicletta|bambola)\b/i,
    wish: (list) =>
      `Oh, oh, oh! Che desiderio bellissimo!${list ? ` Ho qui la tua letterina: ${list}.` : ''} Babbo Natale non può promettere, ma gli elfi vedranno cosa possono fare. Cos'altro ti rende felice questo Natale?`,
    thanks:
      "Oh, oh, oh! Grazie di averlo raccontato a Babbo Natale. Cos'altro ti rende felice questo Natale?",
    goodbye: (name) =>
      `Babbo Natale deve tornare al laboratorio${comma(name)}. Fai il bravo, dormi bene e buon Natale! Ciao!`,
    wrapUp: 'Oh, mi chiamano le renne!',
  },
  pt: {
    goodbyeWords: /\b(tchau|adeus|até logo|tenho que ir)\b/i,
    wishWords: /\b(quero|gostaria|desejo|presente|brinquedo|bicicleta|boneca)\b/i,
    wish: (list) =>
      `Ho, ho, ho! Que desejo lindo!${list ? ` Estou com a sua cartinha aqui: ${list}.` : ''} O Papai Noel não pode prometer, mas os duendes vão ver o que podem fazer. O que mais deixa você feliz neste Natal?`,
    thanks: 'Ho, ho, ho! Obrigado por contar ao Papai Noel. O que mais deixa você feliz neste Natal?',
    goodbye: (name) =>
      `O Papai Noel precisa voltar para a oficina${comma(name)}. Seja bonzinho, durma bem e feliz Natal! Tchau!`,
    wrapUp: 'Nossa, as renas estão me chamando!',
  },
};

/** Santa's answer in the child's language, or null for English (the English Santa answers). */
export function localSantaReply(
  language: SantaLanguage,
  child: { kidName: string | null; wishList: string | null },
  childSaid: string,
  timeIsShort: boolean,
): { message: string; endCall: boolean } | null {
  if (language === 'en') return null;
  const words = SANDBOX_SANTA_WORDS[language];
  if (timeIsShort) return { message: `${words.wrapUp} ${words.goodbye(child.kidName)}`, endCall: true };
  if (words.goodbyeWords.test(childSaid)) return { message: words.goodbye(child.kidName), endCall: true };
  if (words.wishWords.test(childSaid)) return { message: words.wish(child.wishList), endCall: false };
  return { message: words.thanks, endCall: false };
}

/** The sandbox keeps a call's language with its variables, where its Santa reads it. */
export function withLanguage(variables: Record<string, unknown>, language: string | undefined) {
  return language && language !== 'en' ? { ...variables, language } : variables;
}
