//! What the code cannot say for itself about how `umpire` is linked: on Linux, at a fixed
//! address rather than position-independent. A position-independent program has its pointers
//! relocated before `main` runs, which writes (and so copies) every page of data that holds
//! one: with the page faults that follow, a tenth of a warm roll's time. The README's static
//! install does the same with `-C relocation-model=static`. Shared libraries, the stack and the
//! heap are still placed at random.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
