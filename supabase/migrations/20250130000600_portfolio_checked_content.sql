-- The portfolio meets checked file contents (decisions 0048 and 0050): an item and its thumbnail are added
-- only once files-verify has read their first bytes against their declared types, as pictures, brief files
-- and drafts are. The function is 0048's with that check added after the ownership checks.
create or replace function api.add_portfolio_item(path text, caption text default null::text, thumbnail_path text default null::text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  mime text;
  thumb_mime text;
  how_many integer;
  new_id uuid;
  words text := app.clean_text(add_portfolio_item.caption);
begin
  if (select app.current_role()) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators have a portfolio', 'not_creator');
  end if;
  mime := app.own_portfolio_object_type(add_portfolio_item.path);
  if mime is null or mime !~ '^(image|video)/' then
    perform app.fail('22023', 'The file must be an image or video you uploaded to your portfolio folder', 'portfolio_file_not_uploaded');
  end if;
  if add_portfolio_item.thumbnail_path is not null then
    thumb_mime := app.own_portfolio_object_type(add_portfolio_item.thumbnail_path);
    if thumb_mime is null or thumb_mime !~ '^image/' then
      perform app.fail('22023', 'The thumbnail must be an image you uploaded to your portfolio folder', 'portfolio_file_not_uploaded');
    end if;
  end if;
  if not app.file_verified('portfolio', add_portfolio_item.path)
    or (add_portfolio_item.thumbnail_path is not null and not app.file_verified('portfolio', add_portfolio_item.thumbnail_path)) then
    perform app.fail('22023', 'The file''s content has not been checked against its type', 'file_not_verified');
  end if;
  if char_length(words) > 300 then
    perform app.fail('22023', 'A caption must be 300 characters or fewer', 'caption_too_long');
  end if;
  -- Two uploads finishing together must not both be the 12th.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('portfolio:' || me::text, 0));
  select count(*) into how_many from app.portfolio_items i where i.creator_id = me;
  if how_many >= 12 then
    perform app.fail('22023', 'A portfolio holds at most 12 items: remove one first', 'portfolio_full');
  end if;
  if exists (select 1 from app.portfolio_items i where i.creator_id = me and i.path = add_portfolio_item.path) then
    perform app.fail('PT409', 'This file is already in your portfolio', 'portfolio_item_exists');
  end if;
  insert into app.portfolio_items (creator_id, path, thumbnail_path, kind, caption, position)
  values (me, add_portfolio_item.path, add_portfolio_item.thumbnail_path,
    case when mime like 'video/%' then 'video' else 'image' end, words, how_many + 1)
  returning id into new_id;
  return new_id;
end;
$$;
comment on function api.add_portfolio_item(path text, caption text, thumbnail_path text) is 'Creators: adds an object of their own portfolio folder (and its thumbnail) as the last item; the kind comes from the object''s MIME type. At most 12.';
grant execute on function api.add_portfolio_item(path text, caption text, thumbnail_path text) to authenticated;
