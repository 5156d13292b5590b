-- Decision 0060: POST /payments/fund-renewal is counted as the other payment routes are (decision 0030).
insert into app.function_rate_limits (action, max_calls, window_seconds) values ('payments/fund-renewal', 20, 60)
on conflict (action) do nothing;
