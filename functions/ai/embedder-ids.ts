/** Stored with every vector: vectors of different embedders are never compared. Bump the suffix when the embedding changes. */
export const EMBEDDED_EMBEDDER_ID = 'embedded:wink-sg-100d-sif-2';
