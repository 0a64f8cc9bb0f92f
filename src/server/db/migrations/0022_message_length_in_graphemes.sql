-- Issue 21 point 11: a message may hold 2,000 characters as people see them (graphemes, counted by
-- the app: src/contracts/messages.ts). An emoji is one character but two or more code points, so
-- the stored bound, in code points, leaves room for 2,000 emoji sequences.
ALTER TABLE "messages" DROP CONSTRAINT "messages_content_length_check";
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_length_check" CHECK (char_length("content") between 1 and 20000);
