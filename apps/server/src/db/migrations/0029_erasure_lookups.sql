CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "surveys_contact_methods_idx" ON "surveys" USING gin ("contact_methods" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "webhook_events_survey_id_idx" ON "webhook_events" USING btree (("data"->>'surveyId'));