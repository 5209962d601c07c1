import type { Rng } from './rng.ts';

/** Word lists for people, homes and rooms. E-mail domains are reserved ones: nothing here can reach anyone. */
const FIRST = (
  'Oliver Amelia George Isla Harry Ava Noah Mia Jack Ivy Leo Lily Arthur Sophia Oscar Grace Charlie Freya ' +
  'Henry Florence Theo Emily Jacob Ella Alfie Poppy Thomas Evie William Willow James Rosie Archie Evelyn ' +
  'Joshua Sienna Edward Daisy Alexander Alice Samuel Phoebe Max Matilda Daniel Harper Lucas Ruby Finley ' +
  'Sofia Ethan Emilia Adam Elsie Sebastian Isabella Arlo Hannah Mohammed Aisha Priya Ravi Wei Mei Olga Jan'
).split(' ');
const LAST = (
  'Smith Jones Taylor Brown Williams Wilson Johnson Davies Patel Robinson Wright Thompson Evans Walker White ' +
  'Roberts Green Hall Thomas Clarke Jackson Wood Harris Edwards Turner Martin Cooper Hill Ward Hughes Moore ' +
  'Clark King Harrison Lewis Baker Lee Allen Morris Khan Scott Watson Davis Parker James Bennett Young ' +
  'Phillips Richardson Mitchell Bailey Carter Cook Singh Shaw Bell Collins Morgan Kelly Begum Miller Cox'
).split(' ');
const DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example', 'inbox.test', 'post.example'];
const PLACES = (
  'Home|Our House|The Cottage|Flat 2|Main House|Holiday Home|The Barn|Mum and Dad|Office|Workshop|' +
  'Rose Cottage|The Old Rectory|Garden Flat|Annexe|Beach House|Studio'
).split('|');
export const ROOMS = (
  'Living Room|Kitchen|Bedroom|Master Bedroom|Bathroom|Hall|Landing|Dining Room|Study|Garage|Garden|' +
  "Conservatory|Nursery|Utility|Lounge|Snug|Guest Room|Porch|Loft|Kids' Room"
).split('|');

export interface Person {
  first: string;
  last: string;
  name: string;
  /** Unique in the world: the customer index is part of it. */
  email: string;
  username: string;
}

/** A person for customer `index`; `tag` keeps household members and second accounts apart. */
export function person(rng: Rng, index: number, tag = ''): Person {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const local = `${first}.${last}${index}${tag}`.toLowerCase();
  return {
    first,
    last,
    name: `${first} ${last}`,
    email: `${local}@${rng.pick(DOMAINS)}`,
    username: `${first.toLowerCase()}${last.toLowerCase()}${index}${tag.replace(/\W/g, '')}`,
  };
}

export function placeName(rng: Rng): string {
  return rng.pick(PLACES);
}

/** `count` distinct room names, in a stable order. */
export function roomNames(rng: Rng, count: number): string[] {
  const names = new Set<string>();
  while (names.size < Math.min(count, ROOMS.length)) names.add(rng.pick(ROOMS));
  return [...names];
}
