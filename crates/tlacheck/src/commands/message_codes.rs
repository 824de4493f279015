//! The message codes of TLC's `-messagesAsErrors` and `-suppressMessages`, classified as
//! `tlc2.TLC.classifyMessageCode` does: a code TLC knows (every static int of
//! tlc2/output/EC.java) is TLC's, else one of SANY's (tla2sany/semantic/ErrorCode.java), else
//! TLC refuses the command line. The lists are those of tla2tools.jar 2026.12.

/// The codes of tlc2/output/EC.java.
const TLC: &[i32] = &[
    -123456, -1, 0, 1000, 1001, 1002, 1003, 1005, 1101, 1102, 2000, 2001, 2100, 2101, 2102, 2103,
    2104, 2105, 2106, 2107, 2108, 2109, 2110, 2111, 2112, 2113, 2114, 2115, 2116, 2117, 2118, 2119,
    2120, 2121, 2122, 2123, 2124, 2125, 2126, 2127, 2128, 2129, 2130, 2131, 2132, 2133, 2134, 2135,
    2136, 2137, 2138, 2139, 2140, 2141, 2142, 2143, 2144, 2145, 2146, 2147, 2148, 2149, 2154, 2155,
    2156, 2157, 2158, 2159, 2160, 2161, 2162, 2163, 2164, 2165, 2166, 2167, 2168, 2169, 2170, 2171,
    2172, 2173, 2174, 2175, 2176, 2177, 2178, 2179, 2180, 2181, 2182, 2183, 2184, 2185, 2186, 2187,
    2188, 2189, 2190, 2191, 2192, 2193, 2194, 2195, 2196, 2197, 2198, 2199, 2200, 2201, 2202, 2203,
    2204, 2205, 2206, 2207, 2208, 2209, 2210, 2211, 2212, 2213, 2214, 2215, 2216, 2217, 2218, 2219,
    2220, 2221, 2222, 2223, 2224, 2225, 2226, 2227, 2228, 2229, 2230, 2231, 2232, 2233, 2234, 2235,
    2236, 2237, 2238, 2239, 2240, 2241, 2242, 2243, 2244, 2245, 2246, 2247, 2248, 2249, 2250, 2251,
    2252, 2253, 2254, 2255, 2256, 2257, 2258, 2259, 2260, 2261, 2262, 2263, 2264, 2265, 2266, 2267,
    2268, 2269, 2270, 2271, 2272, 2273, 2274, 2279, 2280, 2281, 2282, 2283, 2284, 2300, 2301, 2400,
    2401, 2402, 2403, 2404, 2405, 2501, 2502, 2772, 2773, 2774, 2775, 2776, 2777, 2778, 2779, 3000,
    3001, 3002, 3100, 3101, 3102, 3103, 3104, 3105, 3106, 3107, 3108, 3109, 3110, 3111, 3112, 3113,
    3114, 4000, 4001, 4002, 5001, 5002, 5003, 5004, 5005, 5006, 7000, 7001, 7002, 7003, 7004, 7005,
    7006, 7007, 7008, 7009, 7010, 20000,
];

/// The standard values of tla2sany/semantic/ErrorCode.java.
const SANY: &[i32] = &[
    1000, 4003, 4004, 4005, 4200, 4201, 4202, 4203, 4204, 4205, 4206, 4220, 4221, 4222, 4223, 4224,
    4240, 4241, 4242, 4243, 4244, 4245, 4246, 4247, 4260, 4261, 4262, 4270, 4271, 4272, 4273, 4274,
    4275, 4290, 4291, 4292, 4293, 4294, 4310, 4311, 4312, 4313, 4314, 4315, 4330, 4331, 4332, 4333,
    4334, 4335, 4336, 4337, 4350, 4351, 4352, 4353, 4354, 4355, 4356, 4357, 4800, 4801, 4802, 4803,
    4804, 4805,
];

/// A list of codes as TLC reads one (comma-separated, each `Integer.parseInt`), split into
/// TLC's and SANY's, or TLC's message (without its `Error: ` prefix) for a list it refuses.
pub fn classify(list: &str) -> Result<(Vec<i32>, Vec<i32>), String> {
    let (mut tlc, mut sany) = (Vec::new(), Vec::new());
    for part in list.split(',') {
        let code = java_parse_int(part).ok_or_else(|| format!("For input string: \"{part}\""))?;
        if TLC.contains(&code) {
            tlc.push(code);
        } else if SANY.contains(&code) {
            sany.push(code);
        } else {
            return Err(format!("unknown message code: {code}"));
        }
    }
    Ok((tlc, sany))
}

/// Java's `Integer.parseInt`: an optional sign and ASCII digits, within 32 bits.
fn java_parse_int(s: &str) -> Option<i32> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_classified_as_tlc_does() {
        // TLC 2026.12: 1000 (EC.GENERAL, also SANY's GENERAL) is TLC's; 4804 is SANY's.
        assert_eq!(
            classify("2144,4804,1000"),
            Ok((vec![2144, 1000], vec![4804]))
        );
        assert_eq!(classify("9999"), Err("unknown message code: 9999".into()));
        assert_eq!(classify("abc"), Err("For input string: \"abc\"".into()));
        assert_eq!(classify("2144,,4802"), Err("For input string: \"\"".into()));
        assert_eq!(classify(" 2144"), Err("For input string: \" 2144\"".into()));
        assert_eq!(classify("+2144"), Ok((vec![2144], vec![])));
    }
}
