"""Tokens are looked up in the database once, and forgotten whenever they may have changed.

Every test that takes ``database_url`` runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import tracemalloc

from hilo.web.store import Store, TokenRecord
from hilo.web.token_cache import TokenCache
from tests.web.test_store import CONFIG, statements


def test_a_token_is_looked_up_in_the_database_once(database_url: str) -> None:
    writer, reader = Store(database_url), Store(database_url)  # as after a restart
    table_id, _ = writer.new_table(CONFIG)
    token = writer.add_token(table_id, "seat", 1, player=3, browser="b1")
    with statements(reader, "tokens") as sent:
        assert reader.find_token(token) == TokenRecord(table_id, "seat", 1, 3, "b1")
        assert len(sent) == 1
        for _ in range(3):
            assert reader.find_token(token) == TokenRecord(table_id, "seat", 1, 3, "b1")
        assert reader.find_token("unknown") is None
        assert reader.find_token("unknown") is None  # a missing token is asked every time
        assert len(sent) == 3
    with statements(writer, "tokens") as sent:  # a token just written is known without asking
        assert writer.find_token(token) == TokenRecord(table_id, "seat", 1, 3, "b1")
        assert sent == []
    writer.close()
    reader.close()


def test_revoked_and_claimed_tokens_are_not_kept(database_url: str) -> None:
    store = Store(database_url)
    table_id, _ = store.new_table(CONFIG)
    other_id, _ = store.new_table(CONFIG)
    by_seat = [store.add_token(table_id, "seat", 0, player=1) for _ in range(2)]
    by_player = store.add_token(table_id, "seat", 1, player=2)
    single = store.add_token(table_id, "seat", 2, player=4)
    nameless = store.add_token(table_id, "seat", 3)
    elsewhere = store.add_token(other_id, "seat", 0, player=1)
    host = store.add_token(table_id, "host")
    everything = [*by_seat, by_player, single, nameless, elsewhere, host]
    for token in everything:  # each kept now
        assert store.find_token(token) is not None

    assert store.revoke_seat(table_id, 0) == 2
    assert store.revoke_player(table_id, 2) == 1
    assert store.revoke_token(single)
    assert store.claim_seat_tokens(table_id, {3: 8}) == 1
    assert [store.find_token(token) for token in everything] == [
        None,
        None,
        None,
        None,
        TokenRecord(table_id, "seat", 3, 8),
        TokenRecord(other_id, "seat", 0, 1),
        TokenRecord(table_id, "host"),
    ]
    store.close()


def test_with_several_processes_only_the_tables_played_here_are_kept(database_url: str) -> None:
    here, there = Store(database_url), Store(database_url)
    here.fence_writes()
    there.fence_writes()
    table_id, _ = there.new_table(CONFIG)
    there.take_over(table_id)
    token = there.add_token(table_id, "seat", 0, player=1)
    with statements(here, "tokens") as sent:  # not played here: asked each time
        assert here.find_token(token) == TokenRecord(table_id, "seat", 0, 1)
        assert here.find_token(token) == TokenRecord(table_id, "seat", 0, 1)
        assert len(sent) == 2

    here.take_over(table_id)  # the table moves here
    with statements(here, "tokens") as sent:
        assert here.find_token(token) == TokenRecord(table_id, "seat", 0, 1)
        assert here.find_token(token) == TokenRecord(table_id, "seat", 0, 1)
        assert len(sent) == 1

    there.take_over(table_id)  # and away again, where its tokens change
    here.let_go(table_id)
    assert there.revoke_seat(table_id, 0) == 1
    assert here.find_token(token) is None

    replaced = there.add_token(table_id, "seat", 0, player=2)
    assert here.find_token(replaced) == TokenRecord(table_id, "seat", 0, 2)
    here.take_over(table_id)  # taken over: whatever was kept of it is asked again
    assert there.claim_seat_tokens(table_id, {}) == 0
    assert here.find_token(replaced) == TokenRecord(table_id, "seat", 0, 2)
    here.close()
    there.close()


def test_a_table_kept_away_forgets_its_tokens_when_taken_over() -> None:
    cache = TokenCache()
    cache.keep("t1", TokenRecord("a", "seat", 0, 1))
    cache.keep("t2", TokenRecord("a", "host"))
    cache.keep("t3", TokenRecord("b", "seat", 0, 1))
    cache.forget("a")
    assert [cache.get(token) for token in ("t1", "t2", "t3")] == [
        None,
        None,
        TokenRecord("b", "seat", 0, 1),
    ]
    cache.forget_token("t3")
    cache.forget_token("t3")  # forgetting twice is no harm
    assert cache.get("t3") is None


def test_a_client_sending_endless_distinct_tokens_does_not_grow_the_cache(
    database_url: str,
) -> None:
    store = Store(database_url, tokens_kept=4)
    table_id, _ = store.new_table(CONFIG)
    tokens = [store.add_token(table_id, "seat", seat % 5, player=seat) for seat in range(12)]
    for _ in range(3):
        for seat, token in enumerate(tokens):  # each still opens its seat, asked again
            assert store.find_token(token) == TokenRecord(table_id, "seat", seat % 5, seat)
    with statements(store, "tokens") as sent:  # the four used last are kept, the others asked
        for token in [*tokens[-4:], *tokens[:2]]:
            assert store.find_token(token) is not None
        assert len(sent) == 2
    assert store.revoke_player(table_id, 11) == 1  # forgetting by table still holds
    assert store.find_token(tokens[11]) is None
    store.close()


def test_the_token_used_least_recently_is_forgotten_first() -> None:
    cache = TokenCache(size=3)
    for token in ("t1", "t2", "t3"):
        cache.keep(token, TokenRecord("a", "seat", int(token[1]), 1))
    assert cache.get("t1") is not None  # used again: t2 is now the oldest
    cache.keep("t4", TokenRecord("b", "host"))
    assert [token for token in ("t1", "t2", "t3", "t4") if cache.get(token)] == ["t1", "t3", "t4"]
    cache.keep("t3", TokenRecord("c", "host"))  # kept again for another table: one entry
    assert len(cache) == 3
    cache.forget("a")
    assert [token for token in ("t1", "t3", "t4") if cache.get(token)] == ["t3", "t4"]
    cache.forget("c")
    assert cache.get("t3") is None
    assert len(cache) == 1


def test_a_server_running_for_months_keeps_no_trace_of_tables_gone() -> None:
    cache = TokenCache(size=50)
    tracemalloc.start()
    try:
        for number in range(200):  # warm up: the cache fills
            cache.keep(f"warm{number}", TokenRecord(f"w{number}", "host"))
        before, _ = tracemalloc.get_traced_memory()
        for number in range(20_000):  # tables come and go, some forgotten, some pushed out
            table_id = f"table{number}"
            cache.keep(f"token{number}", TokenRecord(table_id, "seat", 0, 1))
            if number % 2:
                cache.forget(table_id)
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(cache) <= 50
    assert after - before < 50_000  # bytes: 20,000 tables' traces would take megabytes


def test_a_token_read_before_tokens_were_forgotten_is_not_kept() -> None:
    cache = TokenCache()
    seen = cache.forgets
    cache.keep("t1", TokenRecord("a1b2", "seat", 2, player=5), since=seen)
    assert cache.get("t1") is not None  # nothing forgotten meanwhile
    seen = cache.forgets
    cache.forget("a1b2", lambda record: record.player == 5)  # revoked as "t2" was being read
    cache.keep("t2", TokenRecord("a1b2", "seat", 2, player=5), since=seen)
    assert cache.get("t2") is None
    seen = cache.forgets
    cache.forget_token("t9")
    cache.keep("t3", TokenRecord("a1b2", "host"), since=seen)
    assert cache.get("t3") is None
    cache.keep("t3", TokenRecord("a1b2", "host"))
    assert cache.get("t3") == TokenRecord("a1b2", "host")
