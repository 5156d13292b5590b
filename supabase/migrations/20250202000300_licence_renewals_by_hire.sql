-- app.licence_end (decision 0060) looks up a hire's funded renewals by application_id for every licence the
-- library, the reminder job and the renewals list show, and deleting a hire cascades to its renewals; the only
-- index on application_id was the partial one over open offers, so each lookup read the whole table.
create index licence_renewals_application_idx on app.licence_renewals using btree (application_id, ends_at);
