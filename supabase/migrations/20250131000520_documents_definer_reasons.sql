-- The schema guard (issue 12) lists every security definer function in api with its reason. The documents'
-- three service-role functions write app.documents and read what each document says through app functions
-- that no API role may call; they are granted to service_role alone.
comment on function api.document_rendered(document_id uuid, path text) is 'Security definer: it records where a drawn PDF was stored, on app.documents, which no API role may write; granted to service_role only (the documents function), and the path must be the document owner''s folder and its number.';
comment on function api.documents_to_render(max_rows integer) is 'Security definer: it reads the pending documents and what each says through app.document_content, which no API role may call; granted to service_role only (the documents function).';
comment on function api.statements_issue(month date) is 'Security definer: it issues the numbered monthly statements through app.document_issue (the gapless counter), which no API role may call; granted to service_role only (the monthly job).';
