// The solvers as `tanbo solve` runs them, through the api: the weak solver with its whole budget
// (value search, length, proof, progress) and its proof written as a certificate, a certificate
// checked on the reference engine, the name a start has in files, and the figures a solve
// reports (CPU seconds, peak memory, counts with separators). Strongly solving a start with
// progress and figures, its table and its winner's proof, are Solution's (solution.hpp).
// So the CLI includes no solver or certificate header: it names what it needs here.
#pragma once

#include <cstdint>
#include <istream>
#include <string>

#include "tanbo/api/solution.hpp"
#include "tanbo/certificate/certificate.hpp"
#include "tanbo/core/position.hpp"
#include "tanbo/solve/answer.hpp"
#include "tanbo/solve/measure.hpp"
#include "tanbo/solve/weak.hpp"

namespace tanbo::api {

/// The weak solver's answer for a start (its Answer), with its proof and its search figures: the
/// CLI's `tanbo solve` prints them.
using solve::WeakResult;

/// The weak solver on a position with every option of a WeakBudget (solve/weak.hpp; the faces'
/// api::solve sets only its nodes and moves).
using solve::solve_weak;

/// The name of a start in tables and certificates (solve/answer.hpp).
using solve::start_label;

/// Writes a proof (a WeakResult's, or Solution::winner_proof()) as a certificate: the solvers'
/// one writer (solve/answer.hpp).
using solve::write_certificate;

/// What an accepted certificate proves: its header (the prover wins from the start) and digest.
/// The one renaming alias in api: among every face's words a bare `Summary` would not say of what.
using CertificateSummary = certificate::Summary;
/// A well-formed certificate that does not prove its claim; what() reads "line L: <reason>".
using certificate::CertificateError;

/// Checks a certificate on the reference engine (docs/certificates.md), reading `in` once.
/// @throws ParseError (line, column) for a malformed file, CertificateError (line) for one that
/// does not prove its claim.
inline CertificateSummary check_certificate(std::istream& in) { return certificate::check(in); }

/// The figures of a solve (solve/measure.hpp): CPU seconds and peak memory of the process, a
/// thread's CPU seconds (`tanbo bench`'s per-thread figures), and counts with thousands separators.
using solve::peak_rss_bytes;
using solve::process_cpu_seconds;
using solve::thousands;
using solve::thread_cpu_seconds;

}  // namespace tanbo::api
