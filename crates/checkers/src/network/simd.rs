//! The network's sums: a plain-Rust version of each kernel and, on
//! x86-64, AVX2 and SSE4.1 versions chosen at run time, which give the
//! same integers as the plain one (the tests compare them on random
//! inputs). The plain kernels do what the vector instructions do: `i16`
//! sums wrap, a clip saturates to 0..=127, `i8` times `u8` products are
//! summed in pairs to `i16` (which cannot saturate: activations are at
//! most 127) and then in `i32`, which wraps.
//!
//! The workspace denies `unsafe`; this module allows it for the
//! `std::arch` calls alone (loads from slices whose bounds are checked
//! before, and calls of functions compiled for a feature the CPU was
//! seen to have), each block with its reason.
#![allow(unsafe_code)]

use parlour_game::network::{ACTIVATION_MAX, WEIGHT_SHIFT};

/// Adds `row` to `acc`, wrapping as the vector instructions do.
#[inline(always)]
pub(super) fn add_row(acc: &mut [i16], row: &[i16]) {
    for (a, &r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(r);
    }
}

/// Takes `row` from `acc`, wrapping.
#[inline(always)]
pub(super) fn sub_row(acc: &mut [i16], row: &[i16]) {
    for (a, &r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(r);
    }
}

/// The sum of `a[i] * w[i]`, in `i32` with wrapping.
#[inline(always)]
pub(super) fn dot_plain(a: &[u8], w: &[i8]) -> i32 {
    a.iter()
        .zip(w)
        .fold(0i32, |s, (&a, &w)| s.wrapping_add(a as i32 * w as i32))
}

/// A unit's activation from its sum and bias.
#[inline(always)]
fn activate(bias: i32, sum: i32) -> u8 {
    (bias.wrapping_add(sum) >> WEIGHT_SHIFT).clamp(0, ACTIVATION_MAX) as u8
}

/// Which kernels to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernels {
    /// Plain Rust, everywhere.
    Plain,
    /// SSE4.1 (x86-64-v2).
    #[cfg(target_arch = "x86_64")]
    Sse41,
    /// AVX2 (x86-64-v3).
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernels {
    /// The fastest kernels this CPU runs.
    #[inline(always)]
    pub(crate) fn best() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                return Kernels::Avx2;
            }
            if std::arch::is_x86_feature_detected!("sse4.1") {
                return Kernels::Sse41;
            }
        }
        Kernels::Plain
    }

    /// Every set of kernels this CPU runs, the plain one first.
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Kernels> {
        let mut all = vec![Kernels::Plain];
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("sse4.1") {
                all.push(Kernels::Sse41);
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                all.push(Kernels::Avx2);
            }
        }
        all
    }

    /// `out[i] = clamp(acc[i], 0, 127)`; lengths are equal multiples of 16.
    #[inline(always)]
    pub(crate) fn clip(self, acc: &[i16], out: &mut [u8]) {
        assert!(acc.len() == out.len() && acc.len().is_multiple_of(16));
        match self {
            Kernels::Plain => {
                for (o, &a) in out.iter_mut().zip(acc) {
                    *o = a.clamp(0, ACTIVATION_MAX as i16) as u8;
                }
            }
            // SAFETY: the variant exists only where SSE4.1 was detected
            // (AVX2 implies it), and the lengths were checked above.
            #[cfg(target_arch = "x86_64")]
            Kernels::Sse41 | Kernels::Avx2 => unsafe { x86::clip_sse41(acc, out) },
        }
    }

    /// A dense layer: `out[j] = activate(biases[j], input . weights[j])`,
    /// where `weights` holds `out.len()` rows of `input.len()` (a multiple
    /// of 16).
    #[inline(always)]
    pub(crate) fn layer(self, input: &[u8], weights: &[i8], biases: &[i32], out: &mut [u8]) {
        let n = input.len();
        assert!(
            n.is_multiple_of(16) && weights.len() >= n * out.len() && biases.len() >= out.len()
        );
        for (j, o) in out.iter_mut().enumerate() {
            let row = &weights[j * n..][..n];
            let sum = match self {
                Kernels::Plain => dot_plain(input, row),
                // SAFETY: SSE4.1 was detected for this variant; `row` and
                // `input` have the same length, a multiple of 16.
                #[cfg(target_arch = "x86_64")]
                Kernels::Sse41 => unsafe { x86::dot_sse41(input, row) },
                // SAFETY: AVX2 was detected for this variant; the lengths
                // are equal multiples of 16.
                #[cfg(target_arch = "x86_64")]
                Kernels::Avx2 => unsafe { x86::dot_avx2(input, row) },
            };
            *o = activate(biases[j], sum);
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    /// The plain clip, 16 lanes at a time: a signed saturating pack to
    /// `i8` (to -128..=127), then the maximum with 0.
    ///
    /// # Safety
    /// The CPU has SSE4.1; `acc.len() == out.len()`, a multiple of 16.
    #[target_feature(enable = "sse4.1")]
    pub(super) unsafe fn clip_sse41(acc: &[i16], out: &mut [u8]) {
        let zero = _mm_setzero_si128();
        for (a, o) in acc.chunks_exact(16).zip(out.chunks_exact_mut(16)) {
            // SAFETY: `a` holds 16 i16 (32 bytes) and `o` 16 bytes;
            // unaligned loads and stores.
            unsafe {
                let lo = _mm_loadu_si128(a.as_ptr() as *const __m128i);
                let hi = _mm_loadu_si128(a.as_ptr().add(8) as *const __m128i);
                let packed = _mm_max_epi8(_mm_packs_epi16(lo, hi), zero);
                _mm_storeu_si128(o.as_mut_ptr() as *mut __m128i, packed);
            }
        }
    }

    /// The sum of 16 `u8 * i8` products: pairs to `i16`, then to `i32`.
    #[target_feature(enable = "sse4.1")]
    unsafe fn madd16(a: __m128i, w: __m128i) -> __m128i {
        _mm_madd_epi16(_mm_maddubs_epi16(a, w), _mm_set1_epi16(1))
    }

    #[target_feature(enable = "sse4.1")]
    unsafe fn hsum128(v: __m128i) -> i32 {
        let v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0b01_00_11_10));
        let v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 0b10_11_00_01));
        _mm_cvtsi128_si32(v)
    }

    /// The plain dot product, 16 lanes at a time.
    ///
    /// # Safety
    /// The CPU has SSE4.1; `a.len() == w.len()`, a multiple of 16.
    #[target_feature(enable = "sse4.1")]
    pub(super) unsafe fn dot_sse41(a: &[u8], w: &[i8]) -> i32 {
        let mut sum = _mm_setzero_si128();
        for (a, w) in a.chunks_exact(16).zip(w.chunks_exact(16)) {
            // SAFETY: both chunks hold 16 bytes; unaligned loads; the
            // feature is this function's.
            unsafe {
                let va = _mm_loadu_si128(a.as_ptr() as *const __m128i);
                let vw = _mm_loadu_si128(w.as_ptr() as *const __m128i);
                sum = _mm_add_epi32(sum, madd16(va, vw));
            }
        }
        // SAFETY: the feature is this function's.
        unsafe { hsum128(sum) }
    }

    /// The plain dot product, 32 lanes at a time (a last 16 with SSE).
    ///
    /// # Safety
    /// The CPU has AVX2; `a.len() == w.len()`, a multiple of 16.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn dot_avx2(a: &[u8], w: &[i8]) -> i32 {
        let ones = _mm256_set1_epi16(1);
        let mut sum = _mm256_setzero_si256();
        let whole = a.len() / 32 * 32;
        for (a, w) in a[..whole].chunks_exact(32).zip(w[..whole].chunks_exact(32)) {
            // SAFETY: both chunks hold 32 bytes; unaligned loads.
            unsafe {
                let va = _mm256_loadu_si256(a.as_ptr() as *const __m256i);
                let vw = _mm256_loadu_si256(w.as_ptr() as *const __m256i);
                let pairs = _mm256_maddubs_epi16(va, vw);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(pairs, ones));
            }
        }
        let mut half = _mm_add_epi32(
            _mm256_castsi256_si128(sum),
            _mm256_extracti128_si256(sum, 1),
        );
        if whole < a.len() {
            // SAFETY: 16 bytes remain in both; AVX2 implies SSE4.1.
            unsafe {
                let va = _mm_loadu_si128(a[whole..].as_ptr() as *const __m128i);
                let vw = _mm_loadu_si128(w[whole..].as_ptr() as *const __m128i);
                half = _mm_add_epi32(half, madd16(va, vw));
            }
        }
        // SAFETY: AVX2 implies SSE4.1.
        unsafe { hsum128(half) }
    }
}
