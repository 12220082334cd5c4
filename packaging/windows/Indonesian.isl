; CekiDesk's installer in Bahasa Indonesia: Inno Setup 6's messages, translated for CekiDesk.
;
; packaging/windows/cekidesk.iss reads it over Inno Setup's own English messages
; (MessagesFile: "compiler:Default.isl,packaging\windows\Indonesian.isl"), so a message not given here
; is shown in English rather than missing.  Given here: everything the installer and the uninstaller
; show on the way (every page, button, status line and question of a per-user install), and the
; common errors.  Inno Setup ships no Indonesian translation of its own (only an unofficial, older
; one), so this file is CekiDesk's; the message names are Inno Setup 6's (Default.isl).
; tests/test_bundles.py checks that every page's messages are here and that the file is plain ASCII.

[LangOptions]
LanguageName=Bahasa Indonesia
LanguageID=$0421
LanguageCodePage=0

[Messages]
SetupAppTitle=Instalasi
SetupWindowTitle=Instalasi - %1
UninstallAppTitle=Hapus Instalasi
UninstallAppFullTitle=Hapus Instalasi %1

InformationTitle=Informasi
ConfirmTitle=Konfirmasi
ErrorTitle=Kesalahan

SetupLdrStartupMessage=Program ini akan memasang %1. Lanjutkan?
LdrCannotCreateTemp=Tidak dapat membuat berkas sementara. Instalasi dibatalkan
LdrCannotExecTemp=Tidak dapat menjalankan berkas di folder sementara. Instalasi dibatalkan

LastErrorMessage=%1.%n%nKesalahan %2: %3
SetupFileMissing=Berkas %1 tidak ada di folder instalasi. Perbaiki masalahnya atau unduh ulang programnya.
SetupFileCorrupt=Berkas instalasi rusak. Unduh ulang programnya.
SetupFileCorruptOrWrongVer=Berkas instalasi rusak atau tidak cocok dengan versi Instalasi ini. Perbaiki masalahnya atau unduh ulang programnya.
InvalidParameter=Parameter yang tidak sah diberikan di baris perintah:%n%n%1
SetupAlreadyRunning=Instalasi sudah berjalan.
WindowsVersionNotSupported=Program ini tidak mendukung versi Windows di komputer Anda.
NotOnThisPlatform=Program ini tidak berjalan di %1.
OnlyOnThisPlatform=Program ini harus dijalankan di %1.
OnlyOnTheseArchitectures=Program ini hanya dapat dipasang di Windows untuk arsitektur prosesor berikut:%n%n%1
WinVersionTooLowError=Program ini memerlukan %1 versi %2 atau yang lebih baru.
WinVersionTooHighError=Program ini tidak dapat dipasang di %1 versi %2 atau yang lebih baru.
AdminPrivilegesRequired=Anda harus masuk sebagai administrator untuk memasang program ini.
SetupAppRunningError=Instalasi mendapati %1 sedang berjalan.%n%nTutup semua jendelanya sekarang, lalu klik OK untuk melanjutkan, atau Batal untuk keluar.
UninstallAppRunningError=Penghapusan mendapati %1 sedang berjalan.%n%nTutup semua jendelanya sekarang, lalu klik OK untuk melanjutkan, atau Batal untuk keluar.

PrivilegesRequiredOverrideInstruction=Pilih cara pemasangan
PrivilegesRequiredOverrideTaskDialogText1=%1 dapat dipasang untuk semua pengguna (perlu hak administrator) atau hanya untuk Anda.
PrivilegesRequiredOverrideMsgBoxText1=%1 dapat dipasang untuk semua pengguna (disarankan, tetapi perlu hak administrator) atau hanya untuk Anda.%n%nPasang untuk semua pengguna?
PrivilegesRequiredOverrideTaskDialogText2=%1 dapat dipasang hanya untuk Anda atau untuk semua pengguna (perlu hak administrator).
PrivilegesRequiredOverrideMsgBoxText2=%1 dapat dipasang hanya untuk Anda (disarankan) atau untuk semua pengguna (perlu hak administrator).%n%nPasang hanya untuk Anda?
PrivilegesRequiredOverrideAllUsers=Pasang untuk semua pengguna
PrivilegesRequiredOverrideCurrentUser=Pasang hanya untuk saya
PrivilegesRequiredOverrideRecommended=%1 (disarankan)

ErrorCreatingDir=Instalasi tidak dapat membuat folder "%1"
ErrorTooManyFilesInDir=Tidak dapat membuat berkas di folder "%1" karena isinya terlalu banyak

ExitSetupTitle=Keluar dari Instalasi
ExitSetupMessage=Instalasi belum selesai. Jika Anda keluar sekarang, program ini tidak akan terpasang.%n%nAnda dapat menjalankan Instalasi lagi lain kali untuk menyelesaikannya.%n%nKeluar dari Instalasi?
AboutSetupMenuItem=&Tentang Instalasi...
AboutSetupTitle=Tentang Instalasi
AboutSetupMessage=%1 versi %2%n%3%n%nSitus web %1:%n%4

ButtonBack=< &Kembali
ButtonNext=&Lanjut >
ButtonInstall=&Pasang
ButtonOK=OK
ButtonCancel=Batal
ButtonYes=&Ya
ButtonYesToAll=Ya untuk &semua
ButtonNo=&Tidak
ButtonNoToAll=T&idak untuk semua
ButtonFinish=&Selesai
ButtonBrowse=&Telusuri...
ButtonWizardBrowse=T&elusuri...
ButtonNewFolder=&Buat Folder Baru

SelectLanguageTitle=Pilih Bahasa Instalasi
SelectLanguageLabel=Pilih bahasa yang dipakai selama pemasangan:

ClickNext=Klik Lanjut untuk melanjutkan, atau Batal untuk keluar dari Instalasi.
BrowseDialogTitle=Telusuri Folder
BrowseDialogLabel=Pilih sebuah folder di daftar berikut, lalu klik OK.
NewFolderName=Folder Baru

WelcomeLabel1=Selamat datang di Instalasi [name]
WelcomeLabel2=Program ini akan memasang [name/ver] di komputer Anda.%n%nSebaiknya tutup semua aplikasi lain sebelum melanjutkan.

WizardLicense=Perjanjian Lisensi
LicenseLabel=Bacalah informasi penting berikut sebelum melanjutkan.
LicenseLabel3=Bacalah Perjanjian Lisensi berikut. Anda harus menerima ketentuannya sebelum melanjutkan pemasangan.
LicenseAccepted=Saya &menerima perjanjian ini
LicenseNotAccepted=Saya &tidak menerima perjanjian ini

WizardSelectDir=Pilih Lokasi Tujuan
SelectDirDesc=Di mana [name] akan dipasang?
SelectDirLabel3=Instalasi akan memasang [name] ke folder berikut.
SelectDirBrowseLabel=Untuk melanjutkan, klik Lanjut. Untuk memilih folder lain, klik Telusuri.
DiskSpaceMBLabel=Diperlukan ruang kosong sedikitnya [mb] MB.
CannotInstallToNetworkDrive=Instalasi tidak dapat memasang ke drive jaringan.
CannotInstallToUNCPath=Instalasi tidak dapat memasang ke lokasi UNC.
InvalidPath=Anda harus memasukkan lokasi lengkap dengan huruf drive, misalnya:%n%nC:\APP%n%natau lokasi UNC dalam bentuk:%n%n\\server\share
InvalidDrive=Drive atau lokasi UNC yang Anda pilih tidak ada atau tidak dapat dibuka. Pilih yang lain.
DiskSpaceWarningTitle=Ruang Disk Tidak Cukup
DiskSpaceWarning=Instalasi memerlukan ruang kosong sedikitnya %1 KB, tetapi drive yang dipilih hanya memiliki %2 KB.%n%nTetap lanjutkan?
DirNameTooLong=Nama folder atau lokasinya terlalu panjang.
InvalidDirName=Nama folder tidak sah.
BadDirName32=Nama folder tidak boleh berisi karakter berikut:%n%n%1
DirExistsTitle=Folder Sudah Ada
DirExists=Folder:%n%n%1%n%nsudah ada. Tetap pasang ke folder itu?
DirDoesntExistTitle=Folder Belum Ada
DirDoesntExist=Folder:%n%n%1%n%nbelum ada. Buat folder itu?

WizardSelectTasks=Pilih Tugas Tambahan
SelectTasksDesc=Tugas tambahan apa yang perlu dikerjakan?
SelectTasksLabel2=Pilih tugas tambahan yang perlu dikerjakan Instalasi saat memasang [name], lalu klik Lanjut.

WizardSelectProgramGroup=Pilih Folder Menu Start
SelectStartMenuFolderDesc=Di mana Instalasi perlu menaruh pintasan program?
SelectStartMenuFolderLabel3=Instalasi akan membuat pintasan program di folder Menu Start berikut.
SelectStartMenuFolderBrowseLabel=Untuk melanjutkan, klik Lanjut. Untuk memilih folder lain, klik Telusuri.
NoProgramGroupCheck2=&Jangan buat folder Menu Start

WizardReady=Siap Memasang
ReadyLabel1=Instalasi siap mulai memasang [name] di komputer Anda.
ReadyLabel2a=Klik Pasang untuk melanjutkan pemasangan, atau klik Kembali untuk melihat atau mengubah pilihan.
ReadyLabel2b=Klik Pasang untuk melanjutkan pemasangan.
ReadyMemoDir=Lokasi tujuan:
ReadyMemoGroup=Folder Menu Start:
ReadyMemoTasks=Tugas tambahan:

WizardPreparing=Bersiap Memasang
PreparingDesc=Instalasi sedang bersiap memasang [name] di komputer Anda.
PreviousInstallNotCompleted=Pemasangan atau penghapusan program sebelumnya belum selesai. Anda perlu memulai ulang komputer untuk menyelesaikannya.%n%nSetelah komputer dimulai ulang, jalankan Instalasi lagi untuk menyelesaikan pemasangan [name].
CannotContinue=Instalasi tidak dapat dilanjutkan. Klik Batal untuk keluar.
ApplicationsFound=Aplikasi berikut sedang memakai berkas yang perlu diperbarui oleh Instalasi. Sebaiknya izinkan Instalasi menutup aplikasi ini secara otomatis.
ApplicationsFound2=Aplikasi berikut sedang memakai berkas yang perlu diperbarui oleh Instalasi. Sebaiknya izinkan Instalasi menutup aplikasi ini secara otomatis. Setelah pemasangan selesai, Instalasi akan mencoba membukanya kembali.
CloseApplications=&Tutup aplikasi secara otomatis
DontCloseApplications=&Jangan tutup aplikasi
ErrorCloseApplications=Instalasi tidak dapat menutup semua aplikasi secara otomatis. Sebaiknya tutup semua aplikasi yang memakai berkas yang perlu diperbarui sebelum melanjutkan.

WizardInstalling=Memasang
InstallingLabel=Harap tunggu, Instalasi sedang memasang [name] di komputer Anda.

FinishedHeadingLabel=Menyelesaikan Instalasi [name]
FinishedLabelNoIcons=Instalasi telah selesai memasang [name] di komputer Anda.
FinishedLabel=Instalasi telah selesai memasang [name] di komputer Anda. Aplikasi dapat dibuka lewat pintasan yang terpasang.
ClickFinish=Klik Selesai untuk keluar dari Instalasi.
FinishedRestartLabel=Untuk menyelesaikan pemasangan [name], Instalasi harus memulai ulang komputer Anda. Mulai ulang sekarang?
FinishedRestartMessage=Untuk menyelesaikan pemasangan [name], Instalasi harus memulai ulang komputer Anda.%n%nMulai ulang sekarang?
YesRadio=&Ya, mulai ulang komputer sekarang
NoRadio=&Tidak, saya akan memulai ulang nanti
RunEntryExec=Jalankan %1
RunEntryShellExec=Lihat %1

SetupAborted=Instalasi tidak selesai.%n%nPerbaiki masalahnya, lalu jalankan Instalasi lagi.
AbortRetryIgnoreChooseAction=Pilih tindakan
AbortRetryIgnoreRetry=Coba lagi
AbortRetryIgnoreProceedAnyway=Tetap lanjutkan
AbortRetryIgnoreCancel=Batalkan pemasangan

StatusClosingApplications=Menutup aplikasi...
StatusCreateDirs=Membuat folder...
StatusExtractFiles=Mengekstrak berkas...
StatusCreateIcons=Membuat pintasan...
StatusCreateIniEntries=Membuat entri INI...
StatusCreateRegistryEntries=Membuat entri registri...
StatusRegisterFiles=Mendaftarkan berkas...
StatusSavingUninstall=Menyimpan informasi penghapusan...
StatusRunProgram=Menyelesaikan pemasangan...
StatusRestartingApplications=Membuka kembali aplikasi...
StatusRollback=Membatalkan perubahan...

ErrorInternal2=Kesalahan internal: %1
ErrorFunctionFailedNoCode=%1 gagal
ErrorFunctionFailed=%1 gagal; kode %2
ErrorFunctionFailedWithMessage=%1 gagal; kode %2.%n%3
ErrorExecutingProgram=Tidak dapat menjalankan berkas:%n%1
ErrorRegOpenKey=Kesalahan saat membuka kunci registri:%n%1\%2
ErrorRegCreateKey=Kesalahan saat membuat kunci registri:%n%1\%2
ErrorRegWriteKey=Kesalahan saat menulis ke kunci registri:%n%1\%2
SourceIsCorrupted=Berkas sumber rusak
SourceDoesntExist=Berkas sumber "%1" tidak ada
ErrorReadingExistingDest=Terjadi kesalahan saat membaca berkas yang sudah ada:
ErrorChangingAttr=Terjadi kesalahan saat mengubah atribut berkas yang sudah ada:
ErrorCreatingTemp=Terjadi kesalahan saat membuat berkas di folder tujuan:
ErrorReadingSource=Terjadi kesalahan saat membaca berkas sumber:
ErrorCopying=Terjadi kesalahan saat menyalin berkas:
ErrorReplacingExistingFile=Terjadi kesalahan saat mengganti berkas yang sudah ada:
ErrorRestartReplace=RestartReplace gagal:
ErrorRenamingTemp=Terjadi kesalahan saat mengganti nama berkas di folder tujuan:

UninstallDisplayNameMarkAllUsers=Semua pengguna
UninstallDisplayNameMarkCurrentUser=Pengguna ini

ErrorRestartingComputer=Instalasi tidak dapat memulai ulang komputer. Lakukanlah secara manual.

UninstallNotFound=Berkas "%1" tidak ada. Tidak dapat menghapus instalasi.
UninstallOpenError=Berkas "%1" tidak dapat dibuka. Tidak dapat menghapus instalasi
UninstallUnsupportedVer=Catatan penghapusan "%1" memakai format yang tidak dikenali versi penghapus ini. Tidak dapat menghapus instalasi
UninstallUnknownEntry=Ditemukan entri yang tidak dikenal (%1) di catatan penghapusan
ConfirmUninstall=Yakin ingin menghapus %1 beserta semua komponennya?
UninstallOnlyOnWin64=Instalasi ini hanya dapat dihapus di Windows 64-bit.
OnlyAdminCanUninstall=Instalasi ini hanya dapat dihapus oleh pengguna dengan hak administrator.
UninstallStatusLabel=Harap tunggu, %1 sedang dihapus dari komputer Anda.
UninstalledAll=%1 telah dihapus dari komputer Anda.
UninstalledMost=Penghapusan %1 selesai.%n%nBeberapa bagian tidak dapat dihapus; Anda dapat menghapusnya sendiri.
UninstalledAndNeedsRestart=Untuk menyelesaikan penghapusan %1, komputer Anda harus dimulai ulang.%n%nMulai ulang sekarang?
UninstallDataCorrupted=Berkas "%1" rusak. Tidak dapat menghapus instalasi
WizardUninstalling=Status Penghapusan
StatusUninstalling=Menghapus %1...

ShutdownBlockReasonInstallingApp=Memasang %1.
ShutdownBlockReasonUninstallingApp=Menghapus %1.

[CustomMessages]
NameAndVersion=%1 versi %2
AdditionalIcons=Pintasan tambahan:
CreateDesktopIcon=Buat pintasan di &desktop
ProgramOnTheWeb=%1 di Web
UninstallProgram=Hapus instalasi %1
LaunchProgram=Buka %1
AssocFileExtension=&Kaitkan %1 dengan ekstensi berkas %2
AssocingFileExtension=Mengaitkan %1 dengan ekstensi berkas %2...
