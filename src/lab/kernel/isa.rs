//! The instruction sets the kernels run on, and which this machine has.

/// An instruction set the kernels can run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    /// x86-64 with AVX-512F: 8 f64 or 16 f32 lanes.
    Avx512,
    /// x86-64 with AVX2 and FMA: 4 f64 or 8 f32 lanes.
    Avx2,
    /// WebAssembly SIMD128: 2 f64 or 4 f32 lanes; fused multiply-add only
    /// in the `relaxed-simd` build.
    Simd128,
    /// One lane, plain arithmetic: any machine.
    Scalar,
}

impl Isa {
    /// The fastest this machine has (asked once per call; the standard
    /// library caches the CPU's answer).
    pub fn best() -> Isa {
        static BEST: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
        *BEST.get_or_init(|| Isa::available()[0])
    }

    /// Every instruction set this machine can run, fastest first; the
    /// last is always `Scalar`.
    pub fn available() -> Vec<Isa> {
        [Isa::Avx512, Isa::Avx2, Isa::Simd128, Isa::Scalar]
            .into_iter()
            .filter(|&isa| isa.runs_here())
            .collect()
    }

    fn runs_here(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        use std::arch::is_x86_feature_detected as has;
        match self {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => has!("avx512f"),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => has!("avx2") && has!("fma"),
            Isa::Simd128 => cfg!(all(target_arch = "wasm32", target_feature = "simd128")),
            Isa::Scalar => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Isa::Avx512 => "AVX-512F",
            Isa::Avx2 => "AVX2+FMA",
            Isa::Simd128 if cfg!(feature = "relaxed-simd") => "wasm SIMD128 + relaxed madd",
            Isa::Simd128 => "wasm SIMD128",
            Isa::Scalar => "scalar",
        }
    }
}
