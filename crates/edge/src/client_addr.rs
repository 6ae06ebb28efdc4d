//! The client's address behind reverse proxies.
//!
//! `X-Forwarded-For` is honoured only when the connection comes from a proxy listed in
//! `TRUSTED_PROXIES`: the header is then read from the right (the entry the nearest
//! proxy added) and the first address that is not itself a trusted proxy is the client.
//! From anyone else the header is ignored, so a client cannot choose its own address to
//! dodge the login rate limit.

use std::net::IpAddr;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The resolved client address, put into the request's extensions by the request
/// middleware; the rate limiter and the request log use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

fn is_trusted(ip: IpAddr, trusted: &[IpNet]) -> bool {
    let ip = canonical(ip);
    trusted.iter().any(|net| net.contains(&ip))
}

/// IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`) as plain IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

/// The client address of a request that arrived from `peer` with `headers`.
#[must_use]
pub fn resolve(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let peer = canonical(peer);
    if !is_trusted(peer, trusted) {
        return peer;
    }
    // Every X-Forwarded-For header, in order, as one list of hops.
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .filter(|hop| !hop.is_empty())
        .collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Some(ip) = parse_hop(hop) else {
            // Garbage in the chain: stop at the last address we could trust.
            return client;
        };
        let ip = canonical(ip);
        client = ip;
        if !is_trusted(ip, trusted) {
            return ip;
        }
    }
    client
}

/// One `X-Forwarded-For` entry: an address, maybe with a port or in brackets.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse() {
        return Some(ip);
    }
    if let Ok(addr) = hop.parse::<std::net::SocketAddr>() {
        return Some(addr.ip());
    }
    hop.trim_start_matches('[')
        .trim_end_matches(']')
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;
    use domain::config::parse_trusted;

    use super::*;

    fn headers(xff: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in xff {
            map.append("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_header_is_ignored_from_an_untrusted_peer() {
        let trusted = parse_trusted("10.0.0.0/8").unwrap();
        let got = resolve(ip("203.0.113.9"), &headers(&["1.2.3.4"]), &trusted);
        assert_eq!(got, ip("203.0.113.9"));
    }

    #[test]
    fn nobody_is_trusted_by_default() {
        let trusted = parse_trusted("").unwrap();
        assert!(trusted.is_empty());
        assert_eq!(
            resolve(ip("127.0.0.1"), &headers(&["1.2.3.4"]), &trusted),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn a_trusted_proxy_gives_the_rightmost_untrusted_hop() {
        let trusted = parse_trusted("10.0.0.0/8, 192.168.1.5").unwrap();
        // The client forged "6.6.6.6"; the proxies appended the real address.
        let got = resolve(
            ip("10.0.0.2"),
            &headers(&["6.6.6.6, 198.51.100.7", "192.168.1.5"]),
            &trusted,
        );
        assert_eq!(got, ip("198.51.100.7"));
    }

    #[test]
    fn a_trusted_proxy_without_the_header_is_the_client() {
        let trusted = parse_trusted("10.0.0.1").unwrap();
        assert_eq!(
            resolve(ip("10.0.0.1"), &headers(&[]), &trusted),
            ip("10.0.0.1")
        );
    }

    #[test]
    fn garbage_in_the_chain_stops_at_the_last_good_hop() {
        let trusted = parse_trusted("10.0.0.1").unwrap();
        let got = resolve(ip("10.0.0.1"), &headers(&["nonsense, 10.0.0.1"]), &trusted);
        assert_eq!(got, ip("10.0.0.1"));
        let got = resolve(ip("10.0.0.1"), &headers(&["[2001:db8::1]:443"]), &trusted);
        assert_eq!(got, ip("2001:db8::1"));
    }

    #[test]
    fn mapped_ipv6_peers_match_ipv4_networks() {
        let trusted = parse_trusted("127.0.0.1").unwrap();
        let got = resolve(
            ip("::ffff:127.0.0.1"),
            &headers(&["198.51.100.7"]),
            &trusted,
        );
        assert_eq!(got, ip("198.51.100.7"));
    }

    #[test]
    fn bad_entries_are_named() {
        let error = parse_trusted("10.0.0.1, proxy.local").unwrap_err();
        assert!(error.contains("proxy.local"), "{error}");
    }
}
