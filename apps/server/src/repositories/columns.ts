import { getTableColumns } from 'drizzle-orm';
import { radio, video } from '../db/schema/index.ts';

// The columns an answer needs: everything but the search copies and the live channel's media
// readiness, which stay in the database.
const {
  searchVector: _videoVector,
  latinVector: _videoLatinVector,
  searchLatin: _videoLatin,
  mediaReadyAt: _videoReady,
  ...videoAnswerColumns
} = getTableColumns(video);
const {
  searchVector: _radioVector,
  latinVector: _radioLatinVector,
  searchLatin: _radioLatin,
  mediaReadyAt: _radioReady,
  ...radioAnswerColumns
} = getTableColumns(radio);

export const videoColumns = videoAnswerColumns;
export const radioColumns = radioAnswerColumns;
