/** The shape a language must fill for a group of sections: same sections and keys, any text. */
export type Sections<T> = { [S in keyof T]: { [K in keyof T[S]]: string } };
