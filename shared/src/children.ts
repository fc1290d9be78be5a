import { z } from 'zod';
import { SANTA_PERSONALITIES } from './constants.ts';
import {
  ageField,
  avoidTopicsField,
  namePronunciationField,
  optionalText,
  personalityField,
  requiredText,
} from './santa.ts';
import { languageField, SANTA_LANGUAGES } from './languages.ts';

/** A family may tell Santa about up to six children (the first one included). */
export const CHILDREN_LIMIT = 6;

export const CHILDREN_MESSAGES = {
  tooMany: `A family can have at most ${CHILDREN_LIMIT} children. Remove one to add another.`,
  profileFirst: "Please save your first child's details first.",
  firstChildStays:
    "The first child's details stay with your family's profile. Edit them instead, or remove the other children.",
  notFound: 'Child not found',
} as const;

/** POST /api/children and PATCH /api/children/:id (JSON): one child's own details. */
export const childRequestSchema = z.object({
  kid_name: requiredText('kid_name'),
  age: ageField,
  gifts_giving: optionalText('gifts_giving'),
  wish_list: optionalText('wish_list'),
  accomplishments: optionalText('accomplishments'),
  behavior_notes: optionalText('behavior_notes'),
  custom_notes: optionalText('custom_notes'),
  santa_personality: personalityField,
  avoid_topics: avoidTopicsField,
  name_pronunciation: namePronunciationField,
  language: languageField,
});
export type ChildRequest = z.input<typeof childRequestSchema>;
export type ChildInput = z.output<typeof childRequestSchema>;

export const childSchema = z.object({
  id: z.string(),
  /** 0 is the first child, the one GET/POST /api/santa/kid-profile reads and writes. */
  position: z.number().int(),
  kid_name: z.string(),
  age: z.number().int().nullable(),
  gifts_giving: z.string().nullable(),
  wish_list: z.string().nullable(),
  accomplishments: z.string().nullable(),
  behavior_notes: z.string().nullable(),
  custom_notes: z.string().nullable(),
  santa_personality: z.enum(SANTA_PERSONALITIES),
  avoid_topics: z.array(z.string()),
  name_pronunciation: z.string().nullable(),
  /** The language Santa speaks with this child. */
  language: z.enum(SANTA_LANGUAGES),
});
export type Child = z.infer<typeof childSchema>;

/** GET /api/children; POST, PATCH, DELETE and PUT usual-caller answer the same list. */
export const childrenResponseSchema = z.object({
  children: z.array(childSchema),
  /** Who usually calls from the family's phones (Santa greets them by name); null: not set. */
  usual_caller_child_id: z.string().nullable(),
  limit: z.number().int(),
});
export type ChildrenResponse = z.infer<typeof childrenResponseSchema>;

/** PUT /api/children/usual-caller */
export const usualCallerRequestSchema = z.object({ child_id: z.string().uuid().nullable() });
export type UsualCallerRequest = z.infer<typeof usualCallerRequestSchema>;
