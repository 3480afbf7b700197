"""bench/attacks.py: what the load test's attackers send — unique per request (nothing the
server caches), from the addresses each attack claims, never a legitimate client's."""

from urllib.parse import parse_qs, urlsplit

from bench.attacks import ATTACK_ADDRESS, ATTACKS, HUGE, hub_program
from bench.load_generator import legit_address


def test_every_request_is_unique_so_none_is_served_from_a_cache():
    for attack in ATTACKS.values():
        paths = [attack.request(a, n) for a in range(3) for n in range(8)]
        assert len(set(paths)) == len(paths), attack.name


def test_hub_programs_alternate_the_two_slow_layouts():
    assert [hub_program(1, n).count("+") + 1 for n in range(4)] == [251, 40, 251, 40]
    query = parse_qs(urlsplit(ATTACKS["layout"].request(1, 0)).query)
    assert query["src"] == [hub_program(1, 0)]


def test_each_attack_comes_from_the_addresses_it_says():
    layout, oembed, rotating = (ATTACKS[name] for name in ("layout", "oembed", "rotating"))
    assert {layout.address(a, n) for a in range(10) for n in range(10)} == {ATTACK_ADDRESS}
    assert len({oembed.address(a, n) for a in range(10) for n in range(10)}) == 10
    assert len({rotating.address(0, n) for n in range(4000)}) == 4000
    assert "/?src=" in rotating.request(0, 0) and HUGE.count("*") > 6000


def test_no_attacker_shares_an_address_with_a_legitimate_client():
    legit = {legit_address(c) for c in range(250)}
    hostile = {
        attack.address(a, n) for attack in ATTACKS.values() for a in range(10) for n in range(500)
    }
    assert len(legit) == 250 and not legit & hostile
